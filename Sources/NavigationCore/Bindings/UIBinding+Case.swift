/// Enum cases declared once, next to the enum, and bound as short as a property.
///
/// Declare one property per case in an extension of `UIBinding` for the optional enum, naming
/// the case once: the name keys what is presented and the DOM ids (`destination-edit`), so it is
/// written out rather than taken from the property, whose rename must not move ids a stylesheet,
/// a test or a snapshot names:
///
/// ```swift
/// enum Destination: Equatable {
///   case edit(Item)
///   case settings
/// }
///
/// extension UIBinding where Value == Destination? {
///   var edit: UIBinding<Item?> { self.case("edit", Destination.edit) { if case .edit(let item) = $0 { item } else { nil } } }
///   var settings: UIBinding<Void?> { self.case("settings", Destination.settings) }
/// }
///
/// final class FeatureModel {
///   @Observed var destination: Destination?
/// }
///
/// // Use sites:
/// let model = FeatureModel()
/// content
///   .sheet(item: model.$destination.edit) { item in editor(item) }
///   .sheet(item: model.$destination.settings) { _ in settingsForm() }
/// ```
///
/// Writes follow ``case(_:embed:extract:)``: `nil` clears the enum only while it is in this case,
/// and a value is embedded only while the enum is in this case or `nil`.
extension UIBinding {
  /// A binding to the case `embed` makes, named `name` (it keys the DOM ids).
  ///
  /// ```swift
  /// extension UIBinding where Value == Destination? {
  ///   var edit: UIBinding<Item?> { self.case("edit", Destination.edit) { if case .edit(let item) = $0 { item } else { nil } } }
  /// }
  /// ```
  public func `case`<Enum, Member>(
    _ name: String, _ embed: @escaping (Member) -> Enum, extract: @escaping (Enum) -> Member?
  ) -> UIBinding<Member?> where Value == Enum? {
    self.case(name, embed: embed, extract: extract)
  }

  /// A binding to a case without a value, named `name`: `()` while the enum is `value`.
  ///
  /// ```swift
  /// extension UIBinding where Value == Destination? {
  ///   var settings: UIBinding<Void?> { self.case("settings", Destination.settings) }
  /// }
  /// ```
  public func `case`<Enum: Equatable>(_ name: String, _ value: Enum) -> UIBinding<Void?> where Value == Enum? {
    self.case(name, embed: { (_: Void) in value }, extract: { $0 == value ? () : nil })
  }

  /// A binding to the case `embed` makes, named for the property that declares it.
  ///
  /// ```swift
  /// extension UIBinding where Value == Destination? {
  ///   var edit: UIBinding<Item?> { self.case(Destination.edit) { if case .edit(let item) = $0 { item } else { nil } } }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - embed: The case itself (it makes the enum from the case's value).
  ///   - name: Leave it out: it is the name of the declaring property (`#function`).
  ///   - extract: Returns the case's value, or `nil` when the enum is in another case.
  /// - Returns: A binding to the case's value.
  @available(*, deprecated, message: "name the case: case(\"edit\", Destination.edit) { … }; a property rename moved the DOM ids")
  public func `case`<Enum, Member>(
    _ embed: @escaping (Member) -> Enum,
    name: String = #function,
    extract: @escaping (Enum) -> Member?
  ) -> UIBinding<Member?> where Value == Enum? {
    self.case(caseName(declaredBy: name), embed: embed, extract: extract)
  }

  /// A binding to a case without a value: `()` while the enum is `value`, `nil` otherwise.
  ///
  /// ```swift
  /// extension UIBinding where Value == Destination? {
  ///   var settings: UIBinding<Void?> { self.case(Destination.settings) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The case.
  ///   - name: Leave it out: it is the name of the declaring property (`#function`).
  /// - Returns: A binding that presents while the enum is in this case; writing `()` selects
  ///   the case, writing `nil` clears the enum while it is in it.
  @available(*, deprecated, message: "name the case: case(\"settings\", Destination.settings); a property rename moved the DOM ids")
  public func `case`<Enum: Equatable>(
    _ value: Enum,
    name: String = #function
  ) -> UIBinding<Void?> where Value == Enum? {
    self.case(
      caseName(declaredBy: name), embed: { (_: Void) in value },
      extract: { $0 == value ? () : nil })
  }
}

/// `edit` for a property `edit`, and `edit` for a method `edit(_:)`, as `#function` gives them.
func caseName(declaredBy function: String) -> String {
  URLText.prefix(of: function, before: UInt8(ascii: "("))
}
