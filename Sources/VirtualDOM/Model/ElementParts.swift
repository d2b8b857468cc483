/// The namespace an element lives in. SVG and MathML names keep their case.
public enum Namespace: Equatable, Hashable, Sendable {
  case html
  case svg
  case mathML

  /// The short name used in the JSON tree format and the wire protocol (`svg`, `math`).
  public var shortName: String? {
    switch self {
    case .html: return nil
    case .svg: return "svg"
    case .mathML: return "math"
    }
  }
}

/// A name–value attribute. An empty value renders as a boolean attribute (`disabled=""`).
public struct Attribute: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A DOM property, set on the live element rather than written as markup (`input.value`).
public struct Property: Equatable, Sendable {
  public var name: String
  public var value: PropertyValue

  public init(_ name: String, _ value: PropertyValue) {
    self.name = name
    self.value = value
  }
}

/// The value of a DOM property.
public enum PropertyValue: Equatable, Sendable {
  case string(String)
  case bool(Bool)
}

/// A method the browser calls on an element (`dialog.showModal()`, `input.focus()`).
public enum DOMMethod: String, Equatable, Sendable {
  case showModal
  case close
  case show
  case focus
}
