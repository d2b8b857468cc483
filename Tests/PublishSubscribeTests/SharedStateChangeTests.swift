import PublishSubscribe
import Synchronization
import Testing

/// `SharedState` shares a portable model type as it is (no `Codable`, which Embedded Swift
/// lacks), and tells each change itself, the value before and after, in the order made.
@Suite struct SharedStateChangeTests {
  /// A portable type: Sendable and Equatable, not Codable.
  struct Loan: Sendable, Equatable {
    var book: String
    var reader: String
  }

  @Test func aTypeWithoutCodableIsSharedWithinTheProcess() {
    let loans = SharedState<[Loan]>([], topic: "loans")
    let notices = Mutex<[String]>([])
    loans.onChange { old, new in
      for loan in new where !old.contains(loan) {
        notices.withLock { $0.append("\(loan.book) was lent to \(loan.reader)") }
      }
    }
    loans.update { $0.append(Loan(book: "Dune", reader: "Ada")) }
    loans.update { $0.append(Loan(book: "Emma", reader: "Grace")) }
    #expect(loans.value.count == 2)
    #expect(notices.withLock { $0 } == ["Dune was lent to Ada", "Emma was lent to Grace"])
  }

  @Test func anObserverThatChangesTheStateHearsItsChangeAfterTheOneItIsTold() {
    let count = SharedState(0, topic: "count")
    let heard = Mutex<[String]>([])
    count.onChange { old, new in
      heard.withLock { $0.append("\(old)→\(new)") }
      if new == 1 { count.update { $0 += 10 } }
    }
    count.onChange { old, new in heard.withLock { $0.append("second \(old)→\(new)") } }
    count.update { $0 += 1 }
    #expect(heard.withLock { $0 } == ["0→1", "second 0→1", "1→11", "second 1→11"])
    #expect(count.value == 11)
  }

  @Test func changesFromManyThreadsAreEachToldOnceInVersionOrder() async {
    let count = SharedState(0, topic: "count", pubsub: PubSub())
    let heard = Mutex<[Int]>([])
    count.onChange { old, new in
      #expect(new == old + 1, "each change is told with the value before it")
      heard.withLock { $0.append(new) }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<50 { count.update { $0 += 1 } } }
      }
    }
    #expect(count.value == 400)
    #expect(heard.withLock { $0 } == Array(1...400))
  }
}
