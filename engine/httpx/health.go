package httpx

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/msg"
)

// Pinger is what the readiness probe checks: the store has it.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Health is the data of the health answers.
type Health struct {
	Status string `json:"status"`
}

// Healthz answers 200 while the process serves HTTP at all (liveness).
func Healthz(c echo.Context) error {
	return OK(c, Health{Status: msg.Healthy})
}

// Readyz answers 200 when the database answers a ping within two seconds,
// else 503 (readiness: a load balancer stops sending traffic).
func Readyz(p Pinger) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
		defer cancel()
		if err := p.Ping(ctx); err != nil {
			return NewError(http.StatusServiceUnavailable, msg.Unavailable).Wrap(err)
		}
		return OK(c, Health{Status: msg.Healthy})
	}
}
