package system

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"entgo.io/ent/dialect/sql"
	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/loginlog"
	"xiangzhi/generated/ent/operationlog"
	"xiangzhi/generated/ent/predicate"
)

func (s *Service) logRoutes() []engine.Route {
	return []engine.Route{
		{Method: http.MethodGet, Path: "/api/system/cscpLogLoginsByCriteria", Code: CodeLoginLogList,
			Name: routeLoginLogs, Handler: s.loginLogs},
		{Method: http.MethodGet, Path: "/api/system/cscpLogOperationsByCriteria", Code: CodeOperationLogList,
			Name: routeOperationLogs, Handler: s.operationLogs},
	}
}

// maxLogNameSearch bounds the username search of the log screens.
const maxLogNameSearch = 20

// loginLogDTO is one row of the login log.
type loginLogDTO struct {
	ID       int64  `json:"id"`
	UserName string `json:"userName"`
	IP       string `json:"ip"`
	Time     string `json:"time"`
	Message  string `json:"message"`
	Status   int    `json:"status"`
}

// operationLogDTO is one row of the operation log.
type operationLogDTO struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	URI      string `json:"uri"`
	Method   string `json:"method"`
	IP       string `json:"ip"`
	Time     string `json:"time"`
	Params   string `json:"params"`
	Message  string `json:"message"`
	Error    string `json:"error"`
	Status   int    `json:"status"`
	Duration int64  `json:"duration"`
}

// logOrder reads sort=time|id[,asc|desc] (default time,desc); ties break
// on id.
func logOrder(c echo.Context) (field string, desc bool, err error) {
	field, desc = "time", true
	if sp := c.QueryParam("sort"); sp != "" {
		f, dir, _ := strings.Cut(sp, ",")
		switch strings.TrimSpace(f) {
		case "time", "id":
			field = strings.TrimSpace(f)
		default:
			return "", false, httpx.BadRequest(fmt.Sprintf(msg.QueryBadSort, f))
		}
		switch strings.ToLower(strings.TrimSpace(dir)) {
		case "", "desc":
			desc = true
		case "asc":
			desc = false
		default:
			return "", false, httpx.BadRequest(fmt.Sprintf(msg.QueryBadSort, sp))
		}
	}
	return field, desc, nil
}

// orderBy is the ORDER BY of a log list.
func orderBy(field string, desc bool) func(*sql.Selector) {
	fields := []string{field}
	if field != "id" {
		fields = append(fields, "id")
	}
	if desc {
		return ent.Desc(fields...)
	}
	return ent.Asc(fields...)
}

// reachableUserIDs lists the ids of the users v reaches, or nil when v
// reaches the whole tenant (no filter needed).
func (s *Service) reachableUserIDs(ctx context.Context, v *auth.Viewer) ([]int64, error) {
	if reachAll(v) {
		return nil, nil
	}
	ids, err := s.ent.User.Query().Where(userReach(v)).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("list reachable users: %w", err)
	}
	return append(ids, 0), nil // never empty: IN () is not valid SQL everywhere
}

// loginLogs is GET /api/system/cscpLogLoginsByCriteria (page, size,
// userName.contains, sort): the login attempts of the viewer's tenant, of
// the users they reach (all attempts when they reach the whole tenant).
func (s *Service) loginLogs(c echo.Context) error {
	v := viewer(c)
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	name, err := likeParam(c, "userName.contains", maxLogNameSearch)
	if err != nil {
		return err
	}
	field, desc, err := logOrder(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	ps := []predicate.LoginLog{loginlog.TenantID(v.TenantID)}
	if name != "" {
		ps = append(ps, loginlog.UserNameContainsFold(name))
	}
	ids, err := s.reachableUserIDs(ctx, v)
	if err != nil {
		return err
	}
	if ids != nil {
		ps = append(ps, loginlog.UserIDIn(ids...))
	}
	return answerPage(c, s.ent.LoginLog.Query().Where(ps...).Order(orderBy(field, desc)), page, size,
		"login log", toLoginLogDTO)
}

// operationLogs is GET /api/system/cscpLogOperationsByCriteria (page,
// size, username.contains, sort).
func (s *Service) operationLogs(c echo.Context) error {
	v := viewer(c)
	page, size, err := pageParams(c)
	if err != nil {
		return err
	}
	name, err := likeParam(c, "username.contains", maxLogNameSearch)
	if err != nil {
		return err
	}
	field, desc, err := logOrder(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	ps := []predicate.OperationLog{operationlog.TenantID(v.TenantID)}
	if name != "" {
		ps = append(ps, operationlog.UsernameContainsFold(name))
	}
	ids, err := s.reachableUserIDs(ctx, v)
	if err != nil {
		return err
	}
	if ids != nil {
		ps = append(ps, operationlog.UserIDIn(ids...))
	}
	return answerPage(c, s.ent.OperationLog.Query().Where(ps...).Order(orderBy(field, desc)), page, size,
		"operation log", toOperationLogDTO)
}

// toLoginLogDTO is a login-log row as the console reads it.
func toLoginLogDTO(r *ent.LoginLog) loginLogDTO {
	return loginLogDTO{ID: r.ID, UserName: r.UserName, IP: r.IP, Time: formatTime(&r.Time),
		Message: r.Message, Status: r.Status}
}

// toOperationLogDTO is an operation-log row as the console reads it.
func toOperationLogDTO(r *ent.OperationLog) operationLogDTO {
	return operationLogDTO{ID: r.ID, Username: r.Username, URI: r.URI, Method: r.Method, IP: r.IP,
		Time: formatTime(&r.Time), Params: r.Params, Message: r.Message, Error: r.Error,
		Status: r.Status, Duration: r.Duration}
}
