import NavigationCore
import Testing

/// A model using the portable `@Observed` wrapper; counts its live instances.
final class CounterModel {
  @Observed var count = 0
  @Observed var title = "Counter"
  @Observed var isShowingTitle = true
  @Observed var items: [String] = []
  @Observed var destination: Destination?
  @Observed var alert: AlertState<AlertAction>?

  enum Destination: Equatable {
    case sheet(Item)
    case alert(String)
  }

  enum AlertAction: Equatable, Hashable {
    case confirmDelete
    case undo
  }

}

struct Item: Equatable, Identifiable {
  var id: Int
  var name: String
}

extension UIBinding where Value == CounterModel.Destination? {
  var sheet: UIBinding<Item?> {
    self.case(
      "sheet", embed: CounterModel.Destination.sheet,
      extract: { if case .sheet(let item) = $0 { item } else { nil } })
  }
  var alertMessage: UIBinding<String?> {
    self.case(
      "alert", embed: CounterModel.Destination.alert,
      extract: { if case .alert(let message) = $0 { message } else { nil } })
  }
}

/// A model written by hand against `ObservationRegistrar`.
final class RegistrarModel {
  private let registrar = ObservationRegistrar()
  private var _name = ""
  private var _age = 0

  var name: String {
    get { registrar.access("name"); return _name }
    set { _name = newValue; registrar.didChange("name") }
  }
  var age: Int {
    get { registrar.access("age"); return _age }
    set { registrar.withMutation(of: "age") { _age = newValue } }
  }

}

/// Every suite of this target nests here. Each runtime (and each thread outside one) has its own
/// observation, so the tests run in parallel.
@Suite enum NavigationCoreTests {}
