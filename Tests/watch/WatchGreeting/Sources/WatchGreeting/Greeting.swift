/// The line the fixture's page shows under its heading.
public let greetingLine = "Greetings from a path dependency"
