package system

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/msg"
	"xiangzhi/generated/ent/user"
)

// openRoutes are the only routes anyone may call without a token
// (issue 3: login, public key, health and metrics; the console's static
// files are the catch-all, not routes).
var openRoutes = []string{
	"GET /api/system/publicKey", "POST /api/system/login", "POST /api/system/login/totp", "GET /healthz", "GET /readyz", "GET /metrics",
}

// missingID is an id no row has: the code holder's calls reach the
// handlers without touching anything.
const missingID = "987654321"

var pathParam = regexp.MustCompile(`:[A-Za-z]+`)

// matrixPath fills a route's path parameters with id.
func matrixPath(r engine.Route, id string) string {
	p := pathParam.ReplaceAllString(r.Path, id)
	return strings.TrimSuffix(p, "/*")
}

// matrixBody is what a mutating call sends: an empty object, or for a
// status action the action its code names (so the action's code is what
// is checked).
func matrixBody(r engine.Route) any {
	if !mutating(r.Method) {
		return nil
	}
	if strings.HasSuffix(r.Path, "/:id/status") {
		return map[string]any{"action": r.Code[strings.LastIndex(r.Code, ".")+1:], "comment": "x"}
	}
	return map[string]any{}
}

// TestAuthorizationMatrix walks every route of the table — system routes,
// the engine's own and every module's generated ones: anonymous calls
// answer 401 (but for the open routes), a signed-in user without codes
// 403 (but for SignedIn routes), a session that must change its password
// 403 (but for SignedIn routes), and a user holding exactly the route's
// code neither. Every code is one the permission model knows, so a role
// can be granted it.
func TestAuthorizationMatrix(t *testing.T) {
	app, s := newTestApp(t)
	ctx := context.Background()
	admin := adminToken(t, app, s)
	adminRow, err := s.ent.User.Query().Where(user.Username(AdminUsername), user.TenantID(s.tenantID)).Only(ctx)
	if err != nil {
		t.Fatal(err)
	}
	known := s.authz.Codes(s.tenantID, adminRow.ID)
	// A record of the test module, so module routes have a real id.
	rec := mustOK(t, app, admin, http.MethodPost, testModuleAPI, map[string]any{"title": "记录"}).(map[string]any)
	recordID := strconv.FormatInt(num(rec["id"]), 10)

	noCodes := createUser(t, s, userSpec{Username: "nocodes"})
	mustChange := createUser(t, s, userSpec{Username: "mustchg", RoleIDs: []int64{rolesOf(t, s, adminRow.ID)[0]}})
	if err := s.ent.User.UpdateOne(mustChange).SetMustChangePassword(true).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	routes := app.Routes()
	if len(routes) < 50 {
		t.Fatalf("only %d routes in the table", len(routes))
	}
	seen := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		if r.Code != "" {
			key += " " + r.Code
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		t.Run(key, func(t *testing.T) {
			open := slices.Contains(openRoutes, r.Method+" "+r.Path)
			switch {
			case r.Public && !open:
				t.Fatalf("route is public but not one of the open routes %v", openRoutes)
			case open && !r.Public:
				t.Fatalf("open route is not public")
			case !r.Public && r.Code == "":
				t.Fatalf("route has no code")
			case !r.Public && r.Code != auth.SignedIn && r.Code != auth.Platform && !slices.Contains(known, r.Code):
				t.Fatalf("code %s is not registered in the permission model", r.Code)
			}
			if r.Public {
				return
			}
			id := missingID
			if strings.HasPrefix(r.Path, testModuleAPI) {
				id = recordID
			}
			path, body := matrixPath(r, id), matrixBody(r)

			status, env := call(t, app, "", r.Method, path, body)
			if status != http.StatusUnauthorized {
				t.Errorf("anonymous = %d %v, want 401", status, env)
			}
			token := login(t, app, noCodes.Username, testPassword)
			status, env = call(t, app, token, r.Method, path, body)
			if r.Code == auth.SignedIn {
				if status == http.StatusUnauthorized || status == http.StatusForbidden {
					t.Errorf("signed-in user = %d %v, want neither 401 nor 403", status, env)
				}
			} else if status != http.StatusForbidden || env["msg"] != msg.Forbidden {
				t.Errorf("user without codes = %d %v, want 403 %s", status, env, msg.Forbidden)
			}
			if r.Code != auth.SignedIn {
				token = loginRaw(t, app, mustChange.Username, testPassword)
				status, env = call(t, app, token, r.Method, path, body)
				if status != http.StatusForbidden || env["msg"] != msg.MustChangePassword {
					t.Errorf("session that must change its password = %d %v, want 403", status, env)
				}
				token = tokenWithCodes(t, app, s, r.Code)
				status, env = call(t, app, token, r.Method, path, body)
				switch {
				case r.Code == auth.Platform || sharedWriteCodes[r.Code]:
					// The code alone is not enough: the platform flag is.
					if status != http.StatusForbidden {
						t.Errorf("holder of %s without the platform flag = %d %v, want 403", r.Code, status, env)
					}
					token = platformToken(t, app, s, r.Code)
					status, env = call(t, app, token, r.Method, path, body)
					if status == http.StatusUnauthorized || status == http.StatusForbidden {
						t.Errorf("platform administrator holding %s = %d %v, want neither 401 nor 403", r.Code, status, env)
					}
				case status == http.StatusUnauthorized || status == http.StatusForbidden:
					t.Errorf("holder of %s = %d %v, want neither 401 nor 403", r.Code, status, env)
				}
			}
		})
	}
}

// loginRaw signs in and returns the token without the forced change.
func loginRaw(t *testing.T, app *engine.App, username, password string) string {
	t.Helper()
	status, env := tryLogin(t, app, map[string]any{"username": username}, password)
	if status != http.StatusOK {
		t.Fatalf("login %s = %d %v", username, status, env)
	}
	return env["data"].(map[string]any)["token"].(string)
}

// rolesOf lists the role ids of a user.
func rolesOf(t *testing.T, s *Service, userID int64) []int64 {
	t.Helper()
	ids, err := s.ent.User.Query().Where(user.ID(userID)).QueryRoles().IDs(context.Background())
	if err != nil || len(ids) == 0 {
		t.Fatalf("roles of %d: %v %v", userID, ids, err)
	}
	return ids
}

// platformToken makes a platform administrator of the default tenant
// holding codes (but auth.Platform, which no role grants) and signs it in.
func platformToken(t *testing.T, app *engine.App, s *Service, codes ...string) string {
	t.Helper()
	var roles []int64
	if cs := slices.DeleteFunc(slices.Clone(codes), func(c string) bool { return c == auth.Platform }); len(cs) > 0 {
		roles = append(roles, createRole(t, s, s.tenantID, uniqueName("role"), cs...).ID)
	}
	u := createUser(t, s, userSpec{RoleIDs: roles})
	if err := s.ent.User.UpdateOne(u).SetPlatformAdmin(true).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return login(t, app, u.Username, testPassword)
}
