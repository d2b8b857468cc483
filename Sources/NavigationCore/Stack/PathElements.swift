/// Makes path elements from values, keeping them `Codable` natively when the value is, so a
/// pushed path can still become a URL.
enum PathElements {
  static func make<Value: Hashable>(_ value: Value) -> UINavigationPath.Element {
    #if !hasFeature(Embedded)
      if let codable = value as? any (Hashable & Codable) {
        return makeCodable(codable)
      }
    #endif
    return UINavigationPath.Element(value)
  }

  #if !hasFeature(Embedded)
    private static func makeCodable<Value: Hashable & Codable>(_ value: Value) -> UINavigationPath.Element {
      UINavigationPath.Element(value)
    }
  #endif
}
