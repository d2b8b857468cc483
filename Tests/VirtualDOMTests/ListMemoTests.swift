import RandomTrees
import Testing
import VirtualDOM
import VirtualDOMTesting

/// A memo builds an item's node only when its input is new or changed, hands back the very node
/// otherwise, and keeps the nodes of its last call only.
@Suite struct ListMemoTests {
  struct Todo: Equatable {
    var id: Int
    var title: String
  }

  /// A memo whose `build` counts the titles it builds.
  final class CountingList {
    let memo = ListMemo<Int, Todo>()
    var built: [String] = []

    func render(_ todos: [Todo]) -> Node {
      ul {
        memo.nodes(todos, id: \.id) { todo in
          built.append(todo.title)
          return li(.key(String(todo.id))) { todo.title }
        }
      }
    }

    func items(_ todos: [Todo]) -> [Node] {
      memo.nodes(todos, id: \.id) { todo in
        built.append(todo.title)
        return li(.key(String(todo.id))) { todo.title }
      }
    }
  }

  func identical(_ a: Node, _ b: Node) -> Bool {
    guard case .element(let x) = a, case .element(let y) = b else { return false }
    return x.isIdentical(to: y)
  }

  let todos = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Bread")]

  @Test func anUnchangedItemGetsTheNodeBuiltBeforeAndIsNotBuiltAgain() {
    let list = CountingList()
    let first = list.items(todos)
    let second = list.items(todos)
    #expect(list.built == ["Milk", "Eggs", "Bread"])
    #expect(zip(first, second).allSatisfy(identical))
  }

  @Test func aChangedItemAloneIsBuiltAgain() {
    let list = CountingList()
    let first = list.items(todos)
    var changed = todos
    changed[1].title = "Ham"
    let second = list.items(changed)
    #expect(list.built == ["Milk", "Eggs", "Bread", "Ham"])
    #expect(identical(first[0], second[0]) && identical(first[2], second[2]))
    #expect(!identical(first[1], second[1]))
    #expect(second[1] == li(.key("2")) { "Ham" })
  }

  @Test func reorderedItemsKeepTheirNodes() {
    let list = CountingList()
    let first = list.items(todos)
    let second = list.items(todos.reversed())
    #expect(list.built.count == 3)
    #expect(identical(first[0], second[2]) && identical(first[2], second[0]))
  }

  @Test func itemsAfterARemovedOneAndAroundAnInsertedOneKeepTheirNodes() {
    let list = CountingList()
    let more = todos + [Todo(id: 4, title: "Tea"), Todo(id: 5, title: "Jam")]
    let first = list.items(more)
    var next = more
    next.remove(at: 1)
    next.insert(Todo(id: 6, title: "Rice"), at: 3)
    let second = list.items(next)
    #expect(list.built == ["Milk", "Eggs", "Bread", "Tea", "Jam", "Rice"])
    #expect(identical(first[0], second[0]) && identical(first[2], second[1]) && identical(first[3], second[2]))
    #expect(identical(first[4], second[4]))
  }

  @Test func swappedItemsKeepTheirNodes() {
    let list = CountingList()
    let more = todos + [Todo(id: 4, title: "Tea"), Todo(id: 5, title: "Jam")]
    let first = list.items(more)
    var next = more
    next.swapAt(1, 3)
    let second = list.items(next)
    #expect(list.built.count == 5)
    #expect(identical(first[1], second[3]) && identical(first[3], second[1]) && identical(first[4], second[4]))
  }

  @Test func anyRunOfChangesGivesTheNodesARebuildWouldGive() {
    let list = CountingList()
    var random = SeededGenerator(seed: 38)
    var current: [Todo] = []
    for _ in 0..<300 {
      var next = current
      for _ in 0..<random.below(4) {
        switch random.below(5) {
        case 0: next.append(Todo(id: random.below(12), title: "T\(random.below(3))"))
        case 1 where !next.isEmpty: next.remove(at: random.below(next.count))
        case 2 where next.count > 1: next.swapAt(random.below(next.count), random.below(next.count))
        case 3 where !next.isEmpty: next[random.below(next.count)].title = "T\(random.below(3))"
        default: next.reverse()
        }
      }
      let nodes = list.items(next)
      #expect(nodes == next.map { todo in li(.key(String(todo.id))) { todo.title } })
      current = next
    }
  }

  @Test func anItemThatLeftIsBuiltAgainWhenItReturns() {
    let list = CountingList()
    _ = list.items(todos)
    _ = list.items(Array(todos.prefix(2)))
    _ = list.items(todos)
    #expect(list.built == ["Milk", "Eggs", "Bread", "Bread"])
  }

  @Test func theDiffOfMemoizedRendersIsTheDiffOfRebuiltOnes() {
    let list = CountingList()
    var next = todos
    next[0].title = "Oat milk"
    next.append(Todo(id: 4, title: "Tea"))
    next.swapAt(1, 2)
    let old = list.render(todos)
    let new = list.render(next)
    let rebuilt = ul {
      for todo in next { li(.key(String(todo.id))) { todo.title } }
    }
    #expect(diff(old, new) == diff(old, rebuilt))
    #expect(new == rebuilt)
  }

  @Test func repeatedIdsEachGetANode() {
    let list = CountingList()
    let twice = [Todo(id: 1, title: "Milk"), Todo(id: 1, title: "Milk")]
    let nodes = list.items(twice)
    #expect(nodes.count == 2)
    #expect(nodes[0] == nodes[1])
  }

  @Test func anInputDerivedFromTheItemDecidesWhatIsBuiltAgain() {
    struct Row: Equatable {
      var title: String
      var isSelected: Bool
    }
    let memo = ListMemo<Int, Row>()
    var builds = 0
    func render(selected: Int?) -> [Node] {
      memo.nodes(todos, id: \.id, input: { Row(title: $0.title, isSelected: $0.id == selected) }) { row in
        builds += 1
        return li(row.isSelected ? .class("selected") : .none) { row.title }
      }
    }
    _ = render(selected: nil)
    _ = render(selected: 2)
    #expect(builds == 4)
    let nodes = render(selected: 3)
    #expect(builds == 6)
    #expect(nodes[2] == li(.class("selected")) { "Bread" })
  }
}
