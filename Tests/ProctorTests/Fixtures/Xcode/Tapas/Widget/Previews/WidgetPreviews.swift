#Preview { Text("Preview") }
