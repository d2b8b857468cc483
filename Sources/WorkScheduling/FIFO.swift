/// A first-in, first-out queue: appends at the end, takes from the front, both in amortized
/// constant time (the taken slots are dropped once they are half of the storage).
///
/// ```swift
/// var queue = FIFO<Int>()
/// queue.append(1)
/// queue.append(2)
/// queue.popFirst()  // 1
/// ```
package struct FIFO<Element> {
  private var items: [Element?] = []
  private var head = 0

  package var isEmpty: Bool { head == items.count }
  package var count: Int { items.count - head }

  package mutating func append(_ element: Element) { items.append(element) }

  package mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    let first = items[head]
    items[head] = nil  // releases it now, not when the storage is compacted
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: items.count <= 1024)
      head = 0
    } else if head >= 64 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return first
  }
}

extension FIFO: Sendable where Element: Sendable {}
