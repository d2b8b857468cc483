// The diff as the WebAssembly build compiles it, exposed to the property tests under node
// (Tests/wasm/diff-property.test.js): the same random trees the native tests use, diffed and
// applied inside the module, and any two trees diffed for comparison with the native build.
// They exist only in a wasm32 build; natively this executable does nothing.
#if arch(wasm32)
import NavDOMWasmABI
import RandomTrees
import VirtualDOM
import VirtualDOMTesting

/// Diffs `count` random (old, edited) tree pairs, seeds `firstSeed` on, as the native
/// DiffPropertyTests do, applies each diff to an in-memory DOM of the old tree and compares the
/// result with the new tree. Returns `"ok <count>"`, or an error naming the first seed that
/// failed and why.
///
/// ```js
/// assert.equal(wasm.call('check_random_diffs', 0, 3000), 'ok 3000');
/// ```
@_expose(wasm, "check_random_diffs")
@_cdecl("check_random_diffs")
func checkRandomDiffs(_ firstSeed: Int32, _ count: Int32) -> Int64 {
  guard firstSeed >= 0, count >= 0 else { return WasmABI.failure("the seed and the count must not be negative") }
  var seed = Int(firstSeed)
  while seed < Int(firstSeed) + Int(count) {
    var random = RandomTree(seed: UInt64(seed))
    let old = random.tree()
    let new = random.edit(old)
    var dom = MemoryDOM(mounting: old)
    do {
      try dom.apply(diff(old, new, options: .lenient))
    } catch {
      return WasmABI.failure("seed \(seed): the patches do not apply: \(error.description)")
    }
    guard withMembersSorted(dom.roots) == withMembersSorted(new) else {
      return WasmABI.failure("seed \(seed): applying the diff does not give the new tree")
    }
    seed += 1
  }
  return WasmABI.result("ok \(count)")
}

/// The patches, in the wire format, that turn tree `old` into tree `new` (both in the JSON tree
/// format, VirtualDOM's TreeFormat): what `navdom random-cases` prints as `patches` natively.
///
/// ```js
/// const patches = wasm.call('diff_trees', JSON.stringify(c.oldTree), JSON.stringify(c.newTree));
/// ```
@_expose(wasm, "diff_trees")
@_cdecl("diff_trees")
func diffTrees(
  _ oldPointer: UnsafePointer<UInt8>?, _ oldLength: Int32, _ newPointer: UnsafePointer<UInt8>?, _ newLength: Int32
) -> Int64 {
  let old: [Node]
  let new: [Node]
  do {
    old = try TreeFormat.parse(WasmABI.string(oldPointer, oldLength))
    new = try TreeFormat.parse(WasmABI.string(newPointer, newLength))
  } catch {
    return WasmABI.failure(error.description)
  }
  return WasmABI.result(WireFormat.encode(diff(old, new, options: .lenient)))
}
#endif
