import VirtualDOM

/// The patches one change produced, with the ``UITransaction`` of the mutations that caused it.
///
/// ```swift
/// withUITransaction(\.disablesAnimations, true) { model.destination = nil }
/// let batch = runtime.takePendingPatches()[0]
/// batch.transaction.disablesAnimations  // true
/// ```
public struct PatchBatch {
  /// The patches, in the order to apply them.
  public var patches: [Patch]
  /// The transaction of the changes that caused them (merged when several were combined).
  public var transaction: UITransaction

  /// Creates a batch.
  ///
  /// ```swift
  /// let batch = PatchBatch(patches: [], transaction: UITransaction())
  /// ```
  public init(patches: [Patch], transaction: UITransaction) {
    self.patches = patches
    self.transaction = transaction
  }

  /// Several batches as one, in order; their transactions merged (later values win per key).
  ///
  /// ```swift
  /// let all = PatchBatch(merging: runtime.takePendingPatches())
  /// ```
  public init(merging batches: [PatchBatch]) {
    self.init(patches: [], transaction: UITransaction())
    for batch in batches {
      patches += batch.patches
      transaction.merge(batch.transaction)
    }
  }

  /// Whether there is nothing to apply.
  ///
  /// ```swift
  /// if !batch.isEmpty { send(batch) }
  /// ```
  public var isEmpty: Bool { patches.isEmpty }
}
