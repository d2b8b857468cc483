import Testing
import TodoMVCApp

/// The stored form of the list: the spec's keys, read back whole or not at all.
@Suite struct TodoJSONTests {
  @Test func todosRoundTripWithTheSpecsKeys() {
    let todos = [Todo(id: 1, title: "buy \"some\" cheese"), Todo(id: 7, title: "feed the cat", completed: true)]
    let text = TodoJSON.encode(todos)
    #expect(text == #"[{"id":1,"title":"buy \"some\" cheese","completed":false},{"id":7,"title":"feed the cat","completed":true}]"#)
    let decoded = TodoJSON.decode(text)
    #expect(decoded?.map { $0.id } == [1, 7])
    #expect(decoded?.map { $0.title } == ["buy \"some\" cheese", "feed the cat"])
    #expect(decoded?.map { $0.completed } == [false, true])
  }

  @Test func somethingElseIsNotReadAsTodos() {
    #expect(TodoJSON.decode("not json") == nil)
    #expect(TodoJSON.decode(#"{"id":1}"#) == nil)
    #expect(TodoJSON.decode(#"[{"id":1,"title":"x"}]"#) == nil)  // no completed: not half read
    #expect(TodoJSON.decode("[]")?.isEmpty == true)
  }
}
