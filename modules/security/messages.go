package security

// Names of the alarm routes, after the module's title.
const (
	routeUpdate = "-处置（单条或批量）"
)
