/// The outermost delivery of a thread that found the primary slot taken.
struct SecondaryDelivery {
  let thread: ThreadIdentity
  var queue = DeliveryQueue()
}
