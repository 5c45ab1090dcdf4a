// Package designer serves the form designer's API (docs/designer.md) on
// the engine's designer (engine/designer): every route needs the
// designer's visit code formDesign; a publish also grants the module to
// the publisher's roles and the roles they pick, through system
// administration, and the operation log records every call that changes
// something.
package designer

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/designer"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
	"xiangzhi/modules/system"
)

// Code is the permission code of every designer route: the visit code of
// /form-design.
const Code = system.CodeFormDesign

// granter is what a publish needs of system administration.
type granter interface {
	GrantModule(ctx context.Context, tenantID, userID int64, roleIDs []int64, module string) ([]int64, error)
	TenantRoles(ctx context.Context, tenantID int64) ([]system.RoleRef, error)
}

type service struct {
	app *engine.App
	d   *designer.Designer
	sys granter
}

// Part is the designer started on an App, its routes not served yet.
type Part struct {
	app *engine.App
	d   *designer.Designer
}

// Load starts the designer on app: its tables, and its published modules
// in the App's set. It must run before system.Register, whose menus and
// permission codes follow the set (a designer module missing from it then
// would lose its menu and its grants).
func Load(app *engine.App) (*Part, error) {
	return load(app, designer.Options{})
}

func load(app *engine.App, opts designer.Options) (*Part, error) {
	d, err := designer.New(context.Background(), app, opts)
	if err != nil {
		return nil, err
	}
	return &Part{app: app, d: d}, nil
}

// Register serves the designer's routes. It must run after
// system.Register: a publish grants modules through it.
func (p *Part) Register() error {
	sys, ok := p.app.System().(granter)
	if !ok {
		return fmt.Errorf("designer: the registered system cannot grant modules")
	}
	s := &service{app: p.app, d: p.d, sys: sys}
	p.app.AddRoutes("/api/designer", s.routes()...)
	return nil
}

func (s *service) routes() []engine.Route {
	r := func(method, path, name string, h echo.HandlerFunc) engine.Route {
		return engine.Route{Method: method, Path: path, Code: Code, Name: name, Handler: h}
	}
	return []engine.Route{
		r(http.MethodGet, "/modules", routeList, s.list),
		r(http.MethodGet, "/modules/:name", routeGet, s.get),
		r(http.MethodPost, "/modules", routeCreate, platformOnly(s.create)),
		r(http.MethodPut, "/modules/:name", routeSave, platformOnly(s.save)),
		r(http.MethodDelete, "/modules/:name", routeRemove, platformOnly(s.remove)),
		r(http.MethodPost, "/modules/:name/copy", routeCopy, platformOnly(s.copy)),
		r(http.MethodGet, "/modules/:name/export", routeExport, s.export),
		r(http.MethodPost, "/modules/:name/plan", routePlan, platformOnly(s.plan)),
		r(http.MethodPost, "/modules/:name/publish", routePublish, platformOnly(s.publish)),
		r(http.MethodGet, "/modules/:name/versions", routeVersions, s.versions),
		r(http.MethodGet, "/modules/:name/versions/:version", routeVersion, s.version),
		r(http.MethodPost, "/modules/:name/rollback", routeRollback, platformOnly(s.rollback)),
		r(http.MethodPost, "/parse", routeParse, s.parse),
		r(http.MethodPost, "/render", routeRender, s.render),
		r(http.MethodPost, "/describe", routeDescribe, s.describe),
		r(http.MethodPost, "/import", routeImport, platformOnly(s.importYAML)),
		r(http.MethodGet, "/options", routeOptions, s.options),
	}
}

// platformOnly wraps the handler of a route that changes the designer
// modules, which every tenant shares (their tables, routes, menus and
// permission codes are installation-wide): besides formDesign the caller
// must be a platform administrator (docs/tenants.md), or one tenant's
// administrator would publish, change or remove a module of every tenant.
// The plan is one of them: its counts and previewed values span the rows of
// every tenant. Viewing, the live preview, parsing and export stay with
// formDesign.
func platformOnly(h echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !viewer(c).Platform {
			return httpx.NewError(http.StatusForbidden, msgPlatformOnly)
		}
		return h(c)
	}
}

func (s *service) bind(c echo.Context, dst any) error {
	return httpx.BindInto(c, s.app.Config().MaxBodyBytes, dst)
}

func viewer(c echo.Context) *auth.Viewer {
	if v := auth.ViewerFrom(c.Request().Context()); v != nil {
		return v
	}
	sc := engine.ScopeOf(c) // a System without viewers (tests)
	return &auth.Viewer{UserID: sc.UserID, TenantID: sc.TenantID}
}

func (s *service) list(c echo.Context) error {
	out, err := s.d.List(c.Request().Context())
	if err != nil {
		return err
	}
	return httpx.OK(c, out)
}

func (s *service) get(c echo.Context) error {
	det, err := s.d.Get(c.Request().Context(), c.Param("name"))
	if err != nil {
		return err
	}
	return httpx.OK(c, det)
}

// draftBody is what create and save take.
type draftBody struct {
	Model   *schema.Module    `json:"model"`
	YAML    string            `json:"yaml"`
	Renames map[string]string `json:"renames"`
}

func (s *service) create(c echo.Context) error {
	var b draftBody
	if err := s.bind(c, &b); err != nil {
		return err
	}
	det, err := s.d.Create(c.Request().Context(), viewer(c).UserID, b.Model, b.YAML)
	if err != nil {
		return err
	}
	return httpx.OK(c, det)
}

func (s *service) save(c echo.Context) error {
	var b draftBody
	if err := s.bind(c, &b); err != nil {
		return err
	}
	det, err := s.d.Save(c.Request().Context(), viewer(c).UserID, c.Param("name"), b.Model, b.YAML, b.Renames)
	if err != nil {
		return err
	}
	return httpx.OK(c, det)
}

func (s *service) remove(c echo.Context) error {
	if err := s.d.Remove(c.Request().Context(), c.Param("name")); err != nil {
		return err
	}
	return httpx.OK(c, map[string]bool{"removed": true})
}

func (s *service) copy(c echo.Context) error {
	var b struct {
		Name       string `json:"name"`
		Title      string `json:"title"`
		API        string `json:"api"`
		Permission string `json:"permission"`
	}
	if err := s.bind(c, &b); err != nil {
		return err
	}
	det, err := s.d.Copy(c.Request().Context(), viewer(c).UserID, c.Param("name"), b.Name, b.Title, b.API, b.Permission)
	if err != nil {
		return err
	}
	return httpx.OK(c, det)
}

func (s *service) export(c echo.Context) error {
	var version int64
	if v := c.QueryParam("version"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return httpx.BadRequest(msgBadVersion)
		}
		version = n
	}
	name := c.Param("name")
	text, err := s.d.Export(c.Request().Context(), name, version)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, "attachment; filename="+name+".yaml")
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", text)
}

// publishBody is what plan, publish and rollback take.
type publishBody struct {
	Version int64   `json:"version"`
	Note    string  `json:"note"`
	Confirm string  `json:"confirm"`
	Roles   []int64 `json:"roles"`
}

func (s *service) plan(c echo.Context) error {
	var b publishBody
	if err := s.bind(c, &b); err != nil {
		return err
	}
	p, err := s.d.Plan(c.Request().Context(), c.Param("name"), b.Version)
	if err != nil {
		return err
	}
	return httpx.OK(c, p)
}

// publishAnswer is a publish's or rollback's answer.
type publishAnswer struct {
	*designer.Result
	Granted []int64 `json:"granted"`
}

func (s *service) publish(c echo.Context) error {
	return s.doPublish(c, false)
}

func (s *service) rollback(c echo.Context) error {
	return s.doPublish(c, true)
}

func (s *service) doPublish(c echo.Context, rollback bool) error {
	var b publishBody
	if err := s.bind(c, &b); err != nil {
		return err
	}
	ctx := c.Request().Context()
	v := viewer(c)
	name := c.Param("name")
	var res *designer.Result
	var err error
	if rollback {
		if b.Version <= 0 {
			return httpx.BadRequest(msgBadVersion)
		}
		res, err = s.d.Rollback(ctx, v.UserID, name, b.Version, b.Note, b.Confirm)
	} else {
		res, err = s.d.Publish(ctx, v.UserID, name, b.Note, b.Confirm)
	}
	if err != nil {
		return err
	}
	granted, err := s.sys.GrantModule(ctx, v.TenantID, v.UserID, b.Roles, name)
	if err != nil {
		return err
	}
	if granted == nil {
		granted = []int64{}
	}
	return httpx.OK(c, publishAnswer{Result: res, Granted: granted})
}

// versionEntry is a version with its publisher's name.
type versionEntry struct {
	designer.VersionInfo
	PublishedByName string `json:"publishedByName,omitempty"`
}

func (s *service) versions(c echo.Context) error {
	ctx := c.Request().Context()
	vs, err := s.d.Versions(ctx, c.Param("name"))
	if err != nil {
		return err
	}
	var ids []int64
	for _, v := range vs {
		ids = append(ids, v.PublishedBy)
	}
	names := map[int64]string{}
	if sys := s.app.System(); sys != nil && len(ids) > 0 {
		if got, err := sys.Labels(ctx, viewer(c).TenantID, schema.RefUser, "name", ids); err == nil {
			names = got
		}
	}
	out := make([]versionEntry, len(vs))
	for i, v := range vs {
		out[i] = versionEntry{VersionInfo: v, PublishedByName: names[v.PublishedBy]}
	}
	return httpx.OK(c, out)
}

func (s *service) version(c echo.Context) error {
	n, err := strconv.ParseInt(c.Param("version"), 10, 64)
	if err != nil || n <= 0 {
		return httpx.BadRequest(msgBadVersion)
	}
	out, err := s.d.Version(c.Request().Context(), c.Param("name"), n)
	if err != nil {
		return err
	}
	return httpx.OK(c, out)
}

func (s *service) parse(c echo.Context) error {
	var b struct {
		YAML string `json:"yaml"`
	}
	if err := s.bind(c, &b); err != nil {
		return err
	}
	m, problems := s.d.Parse([]byte(b.YAML), "")
	return httpx.OK(c, map[string]any{"model": m, "problems": problems})
}

func (s *service) render(c echo.Context) error {
	var b struct {
		Model *schema.Module `json:"model"`
		YAML  string         `json:"yaml"`
	}
	if err := s.bind(c, &b); err != nil {
		return err
	}
	if b.Model == nil {
		return httpx.BadRequest(msg.DesignerNoModel)
	}
	text, err := designer.Render(b.Model, []byte(b.YAML))
	if err != nil {
		return err
	}
	return httpx.OK(c, map[string]string{"yaml": string(text)})
}

// describe answers GET {api}/schema of a draft (model or YAML), for the
// live preview.
func (s *service) describe(c echo.Context) error {
	var b draftBody
	if err := s.bind(c, &b); err != nil {
		return err
	}
	var text []byte
	switch {
	case b.Model != nil:
		out, err := designer.Render(b.Model, nil)
		if err != nil {
			return err
		}
		text = out
	case strings.TrimSpace(b.YAML) != "":
		text = []byte(b.YAML)
	default:
		return httpx.BadRequest(msg.DesignerNoModel)
	}
	desc, problems := s.d.Describe(text)
	return httpx.OK(c, map[string]any{"schema": desc, "problems": problems})
}

func (s *service) importYAML(c echo.Context) error {
	var text []byte
	if fh, err := c.FormFile("file"); err == nil {
		f, err := fh.Open()
		if err != nil {
			return httpx.BadRequest(msgNoFile)
		}
		defer f.Close()
		text, err = io.ReadAll(io.LimitReader(f, s.app.Config().MaxBodyBytes))
		if err != nil {
			return httpx.BadRequest(msgNoFile)
		}
	} else {
		var b struct {
			YAML string `json:"yaml"`
		}
		if err := s.bind(c, &b); err != nil {
			return err
		}
		text = []byte(b.YAML)
	}
	det, err := s.d.Import(c.Request().Context(), viewer(c).UserID, text)
	if err != nil {
		return err
	}
	return httpx.OK(c, det)
}
