// Package query turns list request parameters (JHipster criteria: page, size,
// sort, field.operator=value) into a typed Query checked against a module's
// declared fields. Nothing the client sends reaches SQL as text: a field or
// operator the module does not declare is an error.
package query

import "xiangzhi/engine/httpx"

// Op is a criteria operator.
type Op string

// The criteria operators.
const (
	Equals             Op = "equals"
	NotEquals          Op = "notEquals"
	Contains           Op = "contains"
	DoesNotContain     Op = "doesNotContain"
	In                 Op = "in"
	NotIn              Op = "notIn"
	GreaterThan        Op = "greaterThan"
	LessThan           Op = "lessThan"
	GreaterThanOrEqual Op = "greaterThanOrEqual"
	LessThanOrEqual    Op = "lessThanOrEqual"
	Specified          Op = "specified"
)

// Limits of paging: those every list shares (engine/httpx).
const (
	DefaultSize = httpx.DefaultPageSize
	MaxSize     = httpx.MaxPageSize
)

// Filter is one criterion on one field. Values are already converted to the
// field's Go type (string, int64, float64, bool, time.Time); Specified carries
// one bool; In and NotIn carry one or more values, the others exactly one.
type Filter struct {
	Field  string // the API name: a declared field or a common one (id, orgId, createdAt, …)
	Op     Op
	Values []any
}

// Sort is one ordering key.
type Sort struct {
	Field string
	Desc  bool
}

// Query is a parsed list request.
type Query struct {
	Filters []Filter
	Sort    []Sort
	Page    int // zero-based
	Size    int
}
