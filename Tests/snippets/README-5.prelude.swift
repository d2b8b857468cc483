// include: README-4
