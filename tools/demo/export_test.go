package demo

// SetPipelining turns the writer's second goroutine off (every batch is
// written and booked before the next is built, as before it) or on.
func SetPipelining(on bool) { pipelining = on }
