package crud

import (
	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

// describe answers GET {api}/schema with what the console renders the
// module from.
func (d *Dispatcher) describe(c echo.Context, x *call) error {
	if err := onlyParams(c); err != nil {
		return err
	}
	return httpx.OK(c, schema.Describe(x.m, x.set))
}
