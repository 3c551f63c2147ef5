enum Formatting { static let currency = "EUR" }
