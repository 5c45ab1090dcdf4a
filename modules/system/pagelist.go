package system

// One page of a system list: every list handler reads page and size the
// same way and answers {data, recordsTotal} from one ent query.

import (
	"context"
	"fmt"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/httpx"
)

// pageRule is how the system lists read page and size (docs/api.md):
// zero-based pages up to a million, 10 rows unless size says otherwise.
var pageRule = httpx.PageRule{MaxPage: 1_000_000}

// pageParams reads the page and size of a system list (400 when either is
// not understood).
func pageParams(c echo.Context) (page, size int, err error) {
	return httpx.Paging(c.QueryParams(), pageRule)
}

// pager is what every generated ent query offers a list: Q is the query
// type itself, T its rows.
type pager[Q, T any] interface {
	Clone() Q
	Count(ctx context.Context) (int, error)
	Offset(n int) Q
	Limit(n int) Q
	All(ctx context.Context) ([]T, error)
}

// answerPage answers page (of size rows) of q in q's order, each row
// turned into what the console reads by dto, with the total of q; what
// names the rows in errors.
func answerPage[T, D any, Q pager[Q, T]](c echo.Context, q Q, page, size int, what string, dto func(T) D) error {
	ctx := c.Request().Context()
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return fmt.Errorf("count %s: %w", what, err)
	}
	rows, err := q.Offset(page * size).Limit(size).All(ctx)
	if err != nil {
		return fmt.Errorf("list %s: %w", what, err)
	}
	out := make([]D, len(rows))
	for i, r := range rows {
		out[i] = dto(r)
	}
	return httpx.OKPage(c, out, int64(total))
}
