/// The name of a command, as typed.
enum CommandName: String, CaseIterable {
  case select
  case deselect
  case locate
  case camera
  case list
  case session
  case search
  case add
  case move
  case rename
  case remove
  case filter
  case tapCluster = "tap-cluster"
  case cluster
  case browse
  case help
}
