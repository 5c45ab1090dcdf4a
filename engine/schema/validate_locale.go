package schema

import (
	"sync"

	"github.com/xeipuuv/gojsonschema"

	"xiangzhi/engine/msg"
)

// setupOnce installs the Chinese locale and the custom formats into
// gojsonschema. Both are package globals of gojsonschema, so they are set
// once, before the first schema is compiled, and never changed again.
var setupOnce sync.Once

func setupJSONSchema() {
	setupOnce.Do(func() {
		gojsonschema.Locale = zhLocale{}
		gojsonschema.FormatCheckers.Add(FormatIDCard, formatFunc(ValidIDCard))
		gojsonschema.FormatCheckers.Add(FormatMobile, formatFunc(ValidMobile))
		gojsonschema.FormatCheckers.Add(FormatEmail, formatFunc(ValidEmail))
		gojsonschema.FormatCheckers.Add(FormatDate, formatFunc(ValidDate))
		gojsonschema.FormatCheckers.Add(FormatDateTimeCN, formatFunc(ValidDateTime))
	})
}

// formatFunc adapts a string predicate to gojsonschema's FormatChecker;
// values that are not strings are left to the type check.
type formatFunc func(string) bool

func (f formatFunc) IsFormat(v any) bool {
	s, ok := v.(string)
	return !ok || f(s)
}

// zhLocale is gojsonschema's locale with Chinese texts, written to follow
// "file:line: field: " in loader messages. The schema-compilation texts of
// the default locale stay in English: they only appear when the engine
// itself builds a broken schema, which is a bug.
type zhLocale struct{ gojsonschema.DefaultLocale }

func (zhLocale) False() string                        { return msg.JSONSchemaFalse }
func (zhLocale) Required() string                     { return msg.JSONSchemaRequired }
func (zhLocale) InvalidType() string                  { return msg.JSONSchemaInvalidType }
func (zhLocale) NumberAnyOf() string                  { return msg.JSONSchemaAnyOf }
func (zhLocale) NumberOneOf() string                  { return msg.JSONSchemaOneOf }
func (zhLocale) NumberAllOf() string                  { return msg.JSONSchemaAllOf }
func (zhLocale) NumberNot() string                    { return msg.JSONSchemaNot }
func (zhLocale) MissingDependency() string            { return msg.JSONSchemaDependency }
func (zhLocale) Internal() string                     { return msg.JSONSchemaInternal }
func (zhLocale) Const() string                        { return msg.JSONSchemaConst }
func (zhLocale) Enum() string                         { return msg.JSONSchemaEnum }
func (zhLocale) ArrayNotEnoughItems() string          { return msg.JSONSchemaNotEnoughItems }
func (zhLocale) ArrayNoAdditionalItems() string       { return msg.JSONSchemaNoMoreItems }
func (zhLocale) ArrayMinItems() string                { return msg.JSONSchemaMinItems }
func (zhLocale) ArrayMaxItems() string                { return msg.JSONSchemaMaxItems }
func (zhLocale) Unique() string                       { return msg.JSONSchemaUnique }
func (zhLocale) ArrayContains() string                { return msg.JSONSchemaContains }
func (zhLocale) ArrayMinProperties() string           { return msg.JSONSchemaMinProperties }
func (zhLocale) ArrayMaxProperties() string           { return msg.JSONSchemaMaxProperties }
func (zhLocale) AdditionalPropertyNotAllowed() string { return msg.JSONSchemaUnknownKey }
func (zhLocale) InvalidPropertyPattern() string       { return msg.JSONSchemaPropertyPattern }
func (zhLocale) InvalidPropertyName() string          { return msg.JSONSchemaPropertyName }
func (zhLocale) StringGTE() string                    { return msg.JSONSchemaStringGTE }
func (zhLocale) StringLTE() string                    { return msg.JSONSchemaStringLTE }
func (zhLocale) DoesNotMatchPattern() string          { return msg.JSONSchemaPattern }
func (zhLocale) DoesNotMatchFormat() string           { return msg.JSONSchemaFormat }
func (zhLocale) MultipleOf() string                   { return msg.JSONSchemaMultipleOf }
func (zhLocale) NumberGTE() string                    { return msg.JSONSchemaNumberGTE }
func (zhLocale) NumberGT() string                     { return msg.JSONSchemaNumberGT }
func (zhLocale) NumberLTE() string                    { return msg.JSONSchemaNumberLTE }
func (zhLocale) NumberLT() string                     { return msg.JSONSchemaNumberLT }
func (zhLocale) ParseError() string                   { return msg.JSONSchemaParseError }
func (zhLocale) ConditionThen() string                { return msg.JSONSchemaConditionThen }
func (zhLocale) ConditionElse() string                { return msg.JSONSchemaConditionElse }
func (zhLocale) ErrorFormat() string                  { return msg.JSONSchemaErrorFormat }
