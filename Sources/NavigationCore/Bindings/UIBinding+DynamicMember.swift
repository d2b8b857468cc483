#if !hasFeature(Embedded)
  extension UIBinding {
    /// A binding to a member of the value, by key path (native only).
    ///
    /// ```swift
    /// let name: UIBinding<String> = model.$item.name
    /// ```
    public subscript<Member>(
      dynamicMember keyPath: WritableKeyPath<Value, Member>
    ) -> UIBinding<Member> {
      member(get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A binding to a member of an optional value, `nil` while the value is `nil` (native only).
    ///
    /// Writes are ignored while the value is `nil`.
    ///
    /// ```swift
    /// let name: UIBinding<String?> = model.$editingItem.name
    /// ```
    public subscript<Wrapped, Member>(
      dynamicMember keyPath: WritableKeyPath<Wrapped, Member>
    ) -> UIBinding<Member?> where Value == Wrapped? {
      member(
        get: { $0?[keyPath: keyPath] },
        set: { whole, newMember in
          guard let newMember else { return }
          whole?[keyPath: keyPath] = newMember
        })
    }
  }
#endif
