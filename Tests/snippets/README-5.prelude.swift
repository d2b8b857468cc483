// include: README-1
