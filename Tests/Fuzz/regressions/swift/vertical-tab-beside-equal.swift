let x = 1
