// A resource folder: copied, not compiled.
let recipe = "not compiled"
