package dashboard

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/xuri/excelize/v2"

	"xiangzhi/engine/crud"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Export answers GET /api/dashboards/:name/widgets/:id/export: the
// widget's data, with the same parameters as the data call, as an xlsx
// named after the widget's title.
func (s *Service) Export(c echo.Context) error {
	set, d, viewer, err := s.open(c)
	if err != nil {
		return err
	}
	w := d.Widget(c.Param("widget"))
	if w == nil {
		return httpx.ErrRouteNotFound
	}
	r, err := s.parse(c, set, d, viewer)
	if err != nil {
		return err
	}
	data, err := s.widget(c.Request().Context(), r, w)
	if err != nil {
		return err
	}
	rows := table(w, data)
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, cell, &row); err != nil {
			return fmt.Errorf("widget workbook: %w", err)
		}
	}
	if len(rows) > 0 {
		_ = f.SetColWidth(sheet, "A", "F", 18)
	}
	stamp := time.Now().Format("20060102150405")
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, crud.MIMEXLSX)
	h.Set(echo.HeaderContentDisposition, crud.ContentDisposition(w.Title+"_"+stamp+".xlsx", d.Name+"_"+w.ID+"_"+stamp+".xlsx"))
	h.Set(echo.HeaderCacheControl, "no-store")
	c.Response().WriteHeader(http.StatusOK)
	if err := f.Write(c.Response()); err != nil {
		return fmt.Errorf("write widget workbook: %w", err)
	}
	return nil
}

// table lays a widget's data out as rows, the first the headers.
func table(w *schema.Widget, data any) [][]any {
	m, _ := data.(map[string]any)
	val := func(v *float64) any {
		if v == nil {
			return nil
		}
		return *v
	}
	switch w.Kind {
	case schema.WidgetNumber:
		out := [][]any{{msg.DashColName, msg.DashColValue}}
		items, _ := m["items"].([]numberItem)
		for _, it := range items {
			out = append(out, []any{it.Label, val(it.Value)})
		}
		return out
	case schema.WidgetGauge:
		v, _ := m["value"].(*float64)
		t, _ := m["total"].(*float64)
		return [][]any{{msg.DashColValue, msg.DashColTotal, msg.DashColRatio}, {val(v), val(t), m["ratio"]}}
	case schema.WidgetMap:
		out := [][]any{{msg.DashColName, msg.DashColLevel, msg.DashColLng, msg.DashColLat, msg.DashColValue}}
		mk, _ := m["markers"].([]marker)
		for _, x := range mk {
			out = append(out, []any{x.Name, x.Level, x.Lng, x.Lat, val(x.Value)})
		}
		return out
	case schema.WidgetList:
		cols, _ := m["columns"].([]column)
		rows, _ := m["rows"].([]map[string]any)
		head := make([]any, len(cols))
		for i, c := range cols {
			head[i] = c.Label
		}
		out := [][]any{head}
		for _, r := range rows {
			line := make([]any, len(cols))
			for i, c := range cols {
				line[i] = r[c.Field]
			}
			out = append(out, line)
		}
		return out
	}
	buckets, _ := m["buckets"].([]store.Bucket)
	if w.Then != "" {
		out := [][]any{{msg.DashColGroup, msg.DashColSubGroup, msg.DashColCount, msg.DashColValue}}
		for _, b := range buckets {
			for _, sb := range b.Sub {
				out = append(out, []any{b.Label, sb.Label, sb.Count, val(sb.Value)})
			}
		}
		return out
	}
	out := [][]any{{msg.DashColGroup, msg.DashColCount, msg.DashColValue}}
	for _, b := range buckets {
		out = append(out, []any{b.Label, b.Count, val(b.Value)})
	}
	return out
}
