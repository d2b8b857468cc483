import Foundation
import HTTPServerCore
import LiveSessions
import NavigationCore
import Testing
import VirtualDOM

/// State that survives a reload for one visitor: the visitor cookie, and VisitorStorage backed
/// by the server's VisitorStore.
@Suite struct VisitorStorageTests {
  final class Visits {
    @Observed var count = 0
  }

  /// An app that counts each visitor's page loads in VisitorStorage.
  static let app = LiveApp(title: "Visits") { url in
    let model = Visits()
    let storage = VisitorStorage.current
    model.count = (storage.string(forKey: "visits").flatMap { Int($0) } ?? 0) + 1
    storage.set(String(model.count), forKey: "visits")
    return AppSession.start(at: url, model: model, routes: AppRoutes(state: [])) { p { "\(model.count)" } }
  }

  static func load(_ live: LiveServer, cookie: String?) -> HTTPResponse {
    var headers: HTTPHeaders = ["Host": "localhost"]
    if let cookie { headers["Cookie"] = cookie }
    return LiveServerTests.route(live, HTTPRequest(method: .get, target: "/", headers: headers))!
  }

  static func body(_ response: HTTPResponse) -> String {
    guard case .bytes(let bytes) = response.body else { return "" }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aReloadWithTheVisitorCookieFindsTheVisitorsValues() throws {
    let live = LiveServer(app: Self.app)
    let first = Self.load(live, cookie: nil)
    let setCookie = try #require(first.headers["Set-Cookie"])
    #expect(setCookie.hasPrefix("navdom-visitor="))
    #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))
    let cookie = String(setCookie.prefix { $0 != ";" })
    #expect(Self.body(first).contains("<p>1</p>"))
    let reload = Self.load(live, cookie: "theme=dark; " + cookie)
    #expect(Self.body(reload).contains("<p>2</p>"))
    #expect(reload.headers["Set-Cookie"] == nil, "a known visitor keeps their cookie")
  }

  @Test func anotherVisitorAndAForgedCookieStartAfresh() {
    let live = LiveServer(app: Self.app)
    _ = Self.load(live, cookie: nil)
    #expect(Self.body(Self.load(live, cookie: nil)).contains("<p>1</p>"))
    let forged = Self.load(live, cookie: "navdom-visitor=../../etc")
    #expect(Self.body(forged).contains("<p>1</p>"))
    #expect(forged.headers["Set-Cookie"] != nil)
  }

  @Test func outsideAHostTheStorageIsThisThreadsMemory() {
    let storage = VisitorStorage.inMemory()
    VisitorStorage.using(storage) { VisitorStorage.current.set("a", forKey: "k") }
    #expect(storage.string(forKey: "k") == "a")
    storage.set(nil, forKey: "k")
    #expect(storage.string(forKey: "k") == nil)
  }
}
