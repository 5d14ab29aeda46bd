/// How a broadcast begins: delivered now, queued behind the one under way, or dropped.
@usableFromInline
enum BroadcastStart {
  case deliver
  case queue(at: Int)
  case dropped
}
