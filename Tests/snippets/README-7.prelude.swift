// include: README-6
