#if !hasFeature(Embedded)
  import Foundation

  extension UINavigationPath {
    /// The path as one URL-safe string (base64url of its ``CodableRepresentation``), for deep links
    /// without writing routes (native only; every element must be `Codable`).
    ///
    /// ```swift
    /// var path = UINavigationPath()
    /// path.append(Item(id: 7))                  // Item: Hashable & Codable
    /// let link = "/?path=" + path.urlComponent!
    /// UINavigationPath(urlComponent: path.urlComponent!) == path  // true
    /// ```
    ///
    /// `nil` when an element is not `Codable` (push `Codable` values to keep paths linkable).
    public var urlComponent: String? {
      guard let codable, let data = try? JSONEncoder().encode(codable) else { return nil }
      return data.base64EncodedString()
        .replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes a path from ``urlComponent``'s form; `nil` when it is malformed or names an unknown
    /// type.
    ///
    /// ```swift
    /// let path = UINavigationPath(urlComponent: query["path"]!)
    /// ```
    ///
    /// - Parameter urlComponent: The string ``urlComponent`` produced.
    public init?(urlComponent: String) {
      var base64 = urlComponent
        .replacingOccurrences(of: "-", with: "+")
        .replacingOccurrences(of: "_", with: "/")
      while base64.count % 4 != 0 { base64 += "=" }
      guard let data = Data(base64Encoded: base64),
        let codable = try? JSONDecoder().decode(CodableRepresentation.self, from: data),
        let path = try? UINavigationPath(codable)
      else { return nil }
      self = path
    }
  }
#endif
