/// `navdom serve`: the demo app, live. Wired to the server once StaticServe lands.
enum ServeCommand {
  static func run(_ arguments: [String]) -> Int32 {
    Console.error("serve is not available yet")
    return 1
  }
}
