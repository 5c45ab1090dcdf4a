package epidemic

// Names of the quarantine routes, after the module's title.
const (
	routeEnd = "-解除管控"
)
