// include: COMPOSITIONS-1
