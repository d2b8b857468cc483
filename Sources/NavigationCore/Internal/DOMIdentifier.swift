/// Turns presentation keys into DOM ids: letters and digits kept, anything else a single `-`.
enum DOMIdentifier {
  static func sanitize(_ text: String) -> String {
    var result = ""
    var lastWasDash = true
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isAlphanumeric =
        (value >= 48 && value <= 57) || (value >= 65 && value <= 90) || (value >= 97 && value <= 122)
      if isAlphanumeric {
        result.unicodeScalars.append(scalar)
        lastWasDash = false
      } else if !lastWasDash {
        result += "-"
        lastWasDash = true
      }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? "presented" : result
  }
}
