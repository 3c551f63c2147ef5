enum WidgetKind { static let name = "TapasWidget" }
