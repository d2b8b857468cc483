// The names the doc-comment examples assume (check-doc-comments.py compiles this as the module
// DocVocabulary, which every example imports): one small inventory and library app, and the
// values a doc's prose introduces (`model`, `driver`, `session`, `request`, ...). Values that
// cannot be made here are declared, never run: examples are type-checked, not executed.
import Foundation
import HTMLRenderer
import HTTPServerCore
import LiveSessions
import NavDOMCommandLine
import NavigationCore
import NavigationTesting
import PublishSubscribe
import StaticServe
import VirtualDOM
import VirtualDOMTesting

// MARK: - The app's values

struct Item: Hashable, Identifiable, Codable, Sendable {
  var id: Int
  var name = "Hammer"
  var color = ItemColor.red
  var isLocked = false
}

enum ItemColor: String, Hashable, Codable, Sendable { case red, green, blue }

/// A page of the stack: the inventory's items and the library's books.
enum Route: Hashable, Codable, Sendable {
  case item(Int), edit(Int), book(Int), settings

  var isBook: Bool { if case .book = self { true } else { false } }

  static let routes = NavigationRoutes([itemRoute, editRoute, bookRoute])
}

let itemRoute = NavigationRoute(
  "items/:id", Route.self, parse: { parameters, _ in parameters.int("id").map(Route.item) },
  print: { if case .item(let id) = $0 { [String(id)] } else { nil } })
let editRoute = NavigationRoute(
  "edit", Route.self, parse: { _, below in if case .item(let id)? = below { .edit(id) } else { nil } },
  print: { if case .edit = $0 { [] } else { nil } })
let bookRoute = NavigationRoute(
  "books/:id", Route.self, parse: { parameters, _ in parameters.int("id").map(Route.book) },
  print: { if case .book(let id) = $0 { [String(id)] } else { nil } })

struct ItemRoute: Hashable, Codable, Sendable { var number: Int }
enum SettingsRoute: Hashable, Codable, Sendable { case general }
struct EditModel: Hashable { var itemNumber: Int }
struct LendDraft: Hashable { var bookID: Int }
struct Draft: Hashable { var name = ""; var isDirty = false }
struct Loan: Hashable, Codable, Sendable { var book: String; var reader: String }
struct Shelf: Hashable, Codable, Sendable { var books: [String] = [] }

enum Destination: Equatable {
  case edit(Item), detail(Item), sheet(EditModel), lend(LendDraft), settings, onboarding
}

enum Filter: Equatable { case all, active, completed }
enum Section: Equatable { case list, item(Int) }
struct FilterOptions: Hashable { var onlyInStock = false }

enum AlertAction: Equatable, Sendable {
  case confirmDelete, delete, unlockAndDelete, undo, duplicate, remove, copyLink
}

enum ParentAction: Equatable { case alert(AlertAction), dialog(AlertAction) }

/// One to-do of the TodoMVC examples.
final class Todo {
  var id = 1
  var title = "Buy milk"
  var isDone = false
}

// MARK: - The model

/// The model every example's `model` is: a feature of the inventory (items, a stack, a sheet,
/// an alert) and of the library (books, a lend sheet, a query).
final class AppModel {
  @Observed var count = 0
  @Observed var title = "Inventory"
  @Observed var text = ""
  @Observed var name = ""
  @Observed var items: [Item] = []
  @Observed var item = Item(id: 1)
  @Observed var path = UINavigationPath()
  @Observed var destination: Destination?
  @Observed var alert: AlertState<AlertAction>?
  @Observed var confirmation: ConfirmationDialogState<AlertAction>?
  @Observed var editingItem: Item?
  @Observed var draft: Draft?
  @Observed var isOn = false
  @Observed var isPresented = false
  @Observed var isSearching = false
  @Observed var query = ""
  @Observed var tab = ""
  @Observed var note = ""
  @Observed var language = "en"
  @Observed var pageText = "1"
  @Observed var filter = Filter.all
  @Observed var tag = ""
  @Observed var preview = ""
  @Observed var editing: Int?
  @Observed var section = Section.list
  @Observed var filterOptions: FilterOptions?

  var isLending: Bool { if case .lend? = destination { true } else { false } }
  var isAdding: Bool { destination == .settings }
  var routes: AppRoutes { AppRoutes(path: $path, pages: Route.routes) }
  var url: String { routes.url }

  func navigate(to url: String) -> Bool { if case .success = routes.navigate(to: url) { true } else { false } }
  func lend(_ page: Route?) -> Bool {
    guard case .book(let id)? = page else { return false }
    destination = .lend(LendDraft(bookID: id))
    return true
  }
  func addTapped() { destination = .settings }
  func askToDiscard() {}
  func handle(_ action: AlertAction?) {}
  func markLent(_ book: Int) {}
  func alertButtonTapped(_ action: AlertAction?) {}
  func delete() {}
  func save() {}
  func add(_ title: String) {}
  func commit(_ title: String) {}
  func finish(_ key: String?) {}
  func search(_ text: String) {}
  func cancelEditing() {}
  func loadMore() {}
  func undo() {}
}

extension UIBinding where Value == Destination? {
  var sheet: UIBinding<EditModel?> { self.case("sheet", Destination.sheet) { if case .sheet(let edit) = $0 { edit } else { nil } } }
}

typealias InventoryModel = AppModel
typealias LibraryModel = AppModel

@MainActor let model = AppModel()
@MainActor let item = Item(id: 1)
@MainActor let todo = Todo()

func AppView(_ model: AppModel) -> Node { main { h1 { "Inventory" } } }
func inventoryView(_ model: AppModel) -> Node { AppView(model) }
func libraryView(_ model: AppModel) -> Node { AppView(model) }
func libraryRoutes(_ model: AppModel) -> AppRoutes { model.routes }
func editor(_ item: UIBinding<Item>) -> Node { h2 { "Edit \(item.wrappedValue.name)" } }
func editor(item: UIBinding<Item>) -> Node { h2 { "Edit \(item.wrappedValue.name)" } }
func settingsForm() -> Node { form { h2 { "Settings" } } }
func bookPage(_ route: Route) -> Node { h1 { "Book" } }
func itemPage(_ route: ItemRoute) -> Node { h1 { "Item \(route.number)" } }
func render(_ model: AppModel, animated: Bool = true) {}
func autosave(_ item: Item) {}
func save(_ path: UINavigationPath.CodableRepresentation) {}
func log(_ message: String) {}
func send(_ patches: [Patch]) {}
func send(_ batch: PatchBatch) {}
func send(_ json: String) {}
func notify(lent loans: [Loan]) {}
func handle(_ request: HTTPRequest) {}
func expensiveAnswer() -> String { "42" }

/// A timer's work, started and stopped with a presentation.
final class Ticker {
  func start() {}
  func stop() {}
  func fire() {}
}

/// A host's event loop, which runs work later.
final class EventLoop: Sendable {
  func enqueue(_ work: @escaping @Sendable () -> Void) {}
}

/// A browser `<dialog>` as a renderer of its own drives it.
final class DialogElement {
  func update(isOpen: Bool, animated: Bool) {}
}

/// An app's own table of open event streams.
final class StreamTable: Sendable {
  func attach(_ stream: EventStream) {}
  func detach(_ stream: EventStream) {}
  func remove(_ id: String) {}
  func dispatch(_ body: [UInt8]) {}
}

/// How a session starts at a URL: what a `LiveApp` and `WasmApp.register` take.
func startInventory(url: String) -> Result<AppSession, RouteError> {
  let model = AppModel()
  return AppSession.start(at: url, model: model, routes: model.routes) { inventoryView(model) }
}
func startContacts(url: String) -> Result<AppSession, RouteError> { startInventory(url: url) }
func startTodos(url: String) -> Result<AppSession, RouteError> { startInventory(url: url) }
func startCounter(url: String) -> Result<AppSession, RouteError> { startInventory(url: url) }
func contactsSession(url: String) -> Result<AppSession, RouteError> { startInventory(url: url) }

// MARK: - What a doc's prose introduces

@MainActor let routes = model.routes
@MainActor let runtime = NavigationRuntime(model: model) { AppView($0) }
@MainActor let driver = PageDriver(model: model) { AppView($0) }
@MainActor var session: AppSession { fatalError("declared for the examples") }
@MainActor let content = main { h1 { "Inventory" } }
@MainActor let old = ul { li { "One" } }
@MainActor let new = ul { li { "One" }; li { "Two" } }
@MainActor var patches: [Patch] = []
@MainActor var warnings: [String] = []
@MainActor var transaction = UITransaction()
@MainActor let token = observe { print(model.count) }
@MainActor let timer = Ticker()
@MainActor let dialog = DialogElement()
@MainActor let navigator = Navigator.current
@MainActor let element = UINavigationPath.Element(ItemRoute(number: 7))
@MainActor let items = model.items
@MainActor var serializer = Serializer(style: .pretty)
@MainActor var dom = MemoryDOM(mounting: [old])
@MainActor var parser = HTTPRequestParser(limits: RequestLimits())
@MainActor var headers = HTTPHeaders()
@MainActor var batch: PatchBatch { fatalError("declared for the examples") }
@MainActor var reply: SessionReply { fatalError("declared for the examples") }
@MainActor var match: RouteMatch { fatalError("declared for the examples") }
@MainActor var parameters: RouteParameters { fatalError("declared for the examples") }
@MainActor var codable: UINavigationPath.CodableRepresentation { fatalError("declared for the examples") }
@MainActor var options: CommandLineOptions { fatalError("declared for the examples") }
let query = ["path": ""]
let eventLoop = EventLoop()

let app = LiveApp(title: "Inventory") { url in startInventory(url: url) }
let inventoryApp = app
let live = LiveServer(app: app)
let configuration = ServerConfiguration(port: 8080, publicRoot: "public")
let server = HTTPServer(configuration: configuration)
let request = HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost"])
let likes = SharedState(0, topic: "likes")
let loans = SharedState<[Loan]>([], topic: "loans")
let sessions = StreamTable()
let id = "3f9c"
let page = "<!doctype html><title>Inventory</title><main>…</main>"
let buffer: [UInt8] = Array("GET / HTTP/1.1\r\n".utf8)
let queue = DispatchQueue(label: "answers")
let module: [UInt8] = []
let files = try! StaticFileHandler(publicRoot: "public")
let handler = files
var stream: EventStream { fatalError("declared for the examples") }
