import LiveSessions
import NavigationCore
import VirtualDOM

final class LibraryModel {
  @Observed var loans: [Loan] = []
  @Observed var notice = ""
}

func startLibrary(url: String, loans: SharedState<[Loan]>, notices: PubSub) -> Result<AppSession, RouteError> {
  let model = LibraryModel()
  return .success(AppSession(runtime: NavigationRuntime(retaining: [model]) { main { "Library" } }, model: model,
    currentURL: { "/" }, navigate: { $0 == "/" }))
}
