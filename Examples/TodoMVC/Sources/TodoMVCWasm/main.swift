import NavigationWasm
import TodoMVCApp

// TodoMVC client-side: runtime.js starts it at the page's URL and sends it the events.
WasmApp.register(startSession: startTodoMVC)
