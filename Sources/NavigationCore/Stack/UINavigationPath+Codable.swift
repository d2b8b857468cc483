#if !hasFeature(Embedded)
  import Foundation

  /// A path element that can also encode itself (native only).
  final class CodableNavigationPathValue<Value: Hashable & Codable>: NavigationPathValue<Value> {
    override var encodedElement: UINavigationPath.CodableRepresentation.Element? {
      guard let typeName = _mangledTypeName(Value.self),
        let data = try? JSONEncoder().encode(value),
        let json = String(data: data, encoding: .utf8)
      else { return nil }
      return .init(typeName: typeName, json: json)
    }
  }

  extension UINavigationPath.Element {
    /// Wraps a `Codable` value, so the path stays encodable (native only).
    ///
    /// ```swift
    /// let element = UINavigationPath.Element(ItemRoute(number: 7))  // ItemRoute: Codable
    /// ```
    public init<Value: Hashable & Codable>(_ value: Value) {
      self.init(box: CodableNavigationPathValue(value))
    }
  }

  extension UINavigationPath {
    /// A serializable form of a path whose elements are all `Codable` (native only), for
    /// putting navigation state in URLs or restoring it.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(model.path.codable)
    /// let restored = try UINavigationPath(JSONDecoder().decode(
    ///   UINavigationPath.CodableRepresentation.self, from: data))
    /// ```
    public struct CodableRepresentation: Codable, Hashable, Sendable {
      /// One element: its type's mangled name and its JSON.
      struct Element: Codable, Hashable, Sendable {
        var typeName: String
        var json: String
      }

      var elements: [Element]
    }

    /// The path's serializable form, or `nil` if some element is not `Codable`.
    ///
    /// ```swift
    /// if let codable = model.path.codable { save(codable) }
    /// ```
    public var codable: CodableRepresentation? {
      var encoded: [CodableRepresentation.Element] = []
      for element in elements {
        guard let element = element.box.encodedElement else { return nil }
        encoded.append(element)
      }
      return CodableRepresentation(elements: encoded)
    }

    /// Restores a path from its serializable form.
    ///
    /// ```swift
    /// model.path = try UINavigationPath(codable)
    /// ```
    ///
    /// - Throws: `DecodingError` when a type is unknown to this program or its JSON does not
    ///   decode.
    public init(_ codable: CodableRepresentation) throws {
      self.init()
      for element in codable.elements {
        guard let type = _typeByName(element.typeName) as? any (Hashable & Codable).Type else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "Unknown path element type \(element.typeName)"))
        }
        append(try Self.decode(type, from: element.json))
      }
    }

    private static func decode<Value: Hashable & Codable>(
      _ type: Value.Type, from json: String
    ) throws -> Element {
      Element(try JSONDecoder().decode(Value.self, from: Data(json.utf8)))
    }

    /// Creates a path from `Codable` values, keeping it encodable (native only).
    ///
    /// ```swift
    /// let path = UINavigationPath([ItemRoute(number: 1)])
    /// ```
    public init<Values: Sequence>(_ values: Values)
    where Values.Element: Hashable & Codable {
      self.init()
      for value in values {
        append(value)
      }
    }

    /// Pushes a `Codable` value, keeping the path encodable (native only).
    ///
    /// ```swift
    /// model.path.append(ItemRoute(number: 7))
    /// ```
    public mutating func append<Value: Hashable & Codable>(_ value: Value) {
      append(Element(value))
    }
  }
#endif
