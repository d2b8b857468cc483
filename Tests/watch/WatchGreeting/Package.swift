// swift-tools-version: 6.0
import PackageDescription

// A path dependency of the watch fixture (Tests/watch/WatchFixture): `serve --watch` watches it
// too, and the browser test edits its line.
let package = Package(
  name: "WatchGreeting",
  products: [.library(name: "WatchGreeting", targets: ["WatchGreeting"])],
  targets: [.target(name: "WatchGreeting")]
)
