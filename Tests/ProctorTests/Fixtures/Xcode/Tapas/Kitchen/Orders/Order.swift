struct Order { var dish: String }
