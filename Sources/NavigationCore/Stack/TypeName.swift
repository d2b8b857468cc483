/// Type names for warnings: the unqualified name natively, a placeholder in Embedded Swift.
enum TypeName {
  static func of<T>(_ type: T.Type) -> String {
    #if hasFeature(Embedded)
      return "a value"
    #else
      return String(describing: type)
    #endif
  }
}
