// include: README-5
