extension UIBinding {
  /// A key naming what this binding presents now, or `nil` while nothing is presented.
  ///
  /// The key joins the binding's names (from `case(_:embed:extract:)`
  /// and ``named(_:)``) with the item's identity when one was given with
  /// ``identified(by:)``. A renderer keys the presented DOM with it: when the key changes, the old
  /// presentation is dismissed and a new one presented; while it stays the same, the presented
  /// content is updated in place. Keys are deterministic (no addresses, no random ids), so the
  /// server and the browser agree on them.
  ///
  /// ```swift
  /// let sheet = model.$destination.sheet   // self.case("sheet", Destination.sheet) { … }
  ///   .identified(by: { "\($0.itemNumber)" })
  /// model.destination = .sheet(EditModel(itemNumber: 7))
  /// sheet.presentationID()  // "sheet#7"
  /// ```
  ///
  /// - Returns: `"presented"` for an unnamed binding without identity, otherwise the names joined
  ///   by `.`, followed by `#` and the identity when there is one.
  @inline(never)  // called from several places per item type; one copy each is enough
  public func presentationID<Wrapped>() -> String? where Value == Wrapped? {
    let value = wrappedValue
    guard value != nil else { return nil }
    return presentationKey(name: presentationName, identity: presentationIdentity.map { $0(value) })
  }

  /// A copy of this binding whose ``presentationID()`` includes the item's identity, so that
  /// presenting a different item replaces the presentation instead of updating it.
  ///
  /// ```swift
  /// let editor = model.$editingItem.identified(by: { "\($0.id)" })
  /// ```
  ///
  /// - Parameter identity: A deterministic string naming the item (not an address).
  public func identified<Wrapped>(
    by identity: @escaping (Wrapped) -> String
  ) -> UIBinding<Value> where Value == Wrapped? {
    var binding = self
    binding.presentationIdentity = { value in value.map(identity) ?? "" }
    return binding
  }

  /// A copy of this binding whose ``presentationID()`` includes the item's `id`.
  ///
  /// ```swift
  /// struct Item: Identifiable { let id: Int }
  /// let editor = model.$editingItem.identified()  // "presented#42" for item 42
  /// ```
  public func identified<Wrapped: Identifiable>() -> UIBinding<Value>
  where Value == Wrapped?, Wrapped.ID: LosslessStringConvertible {
    identified(by: { String($0.id) })
  }
}

/// The key of a presentation named `name` (empty: unnamed) of an item with `identity`: the
/// non-generic part of ``UIBinding/presentationID()``, kept once for every item type.
@inline(never)
func presentationKey(name: String, identity: String?) -> String {
  var key = name.isEmpty ? "presented" : name
  if let identity {
    key += "#" + identity
  }
  return key
}
