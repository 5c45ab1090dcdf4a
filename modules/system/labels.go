package system

// Display names of users and organisations for the module API's answers
// (engine.System.Labels): a record's createdBy, a ref: user field, the user
// of a status transition, an orgId.

import (
	"context"
	"sync"

	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
)

// Labels names the tenant's users (by their display field: name — family
// and given name —, username, mobile or email) or organisations by id.
// Other system references get no names.
//
// Only the id and the columns shown are read: a page of a large register
// names its creators and organisations on every list call.
//
// Names are kept in memory (labelCache) until the next identity change
// (any user, organisation, role or session mutation here, or the viewers
// signal from another instance), so a list page names its creators and
// organisations without a query once they have been read.
func (s *Service) Labels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error) {
	gen := s.auth.ViewersGeneration()
	out, missing := s.labels.get(gen, tenantID, ref, display, ids)
	if len(missing) == 0 {
		return out, nil
	}
	read, err := s.readLabels(ctx, tenantID, ref, display, missing)
	if err != nil {
		return nil, err
	}
	s.labels.put(gen, tenantID, ref, display, read)
	for id, name := range read {
		out[id] = name
	}
	return out, nil
}

// readLabels reads the names of ids from the database.
func (s *Service) readLabels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	switch ref {
	case schema.RefUser:
		var rows []struct {
			ID         int64  `json:"id"`
			Username   string `json:"username"`
			FamilyName string `json:"family_name"`
			Name       string `json:"name"`
			Mobile     string `json:"mobile"`
			Email      string `json:"email"`
		}
		err := s.ent.User.Query().Where(user.TenantID(tenantID), user.IDIn(ids...)).
			Select(user.FieldID, user.FieldUsername, user.FieldFamilyName, user.FieldName, user.FieldMobile, user.FieldEmail).
			Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, u := range rows {
			switch display {
			case "username":
				out[u.ID] = u.Username
			case "mobile":
				out[u.ID] = u.Mobile
			case "email":
				out[u.ID] = u.Email
			default:
				out[u.ID] = u.FamilyName + u.Name
			}
			if out[u.ID] == "" {
				out[u.ID] = u.Username
			}
		}
	case schema.RefOrg:
		var rows []struct {
			ID      int64  `json:"id"`
			OrgName string `json:"org_name"`
		}
		err := s.ent.Org.Query().Where(org.TenantID(tenantID), org.IDIn(ids...)).
			Select(org.FieldID, org.FieldOrgName).Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, o := range rows {
			out[o.ID] = o.OrgName
		}
	}
	return out, nil
}

// labelCacheMax bounds the names kept; a full cache starts afresh.
const labelCacheMax = 100_000

// labelKey is one name: of a user or organisation of a tenant, by a
// display field.
type labelKey struct {
	tenant       int64
	ref, display string
	id           int64
}

// labelCache keeps names read for one generation of the viewer cache: an
// identity change moves the generation and empties it.
type labelCache struct {
	mu  sync.RWMutex
	gen uint64
	m   map[labelKey]string
}

// get answers the kept names of ids and the ids it has none for.
func (c *labelCache) get(gen uint64, tenant int64, ref, display string, ids []int64) (map[int64]string, []int64) {
	out := make(map[int64]string, len(ids))
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.gen != gen {
		return out, ids
	}
	var missing []int64
	for _, id := range ids {
		if name, ok := c.m[labelKey{tenant, ref, display, id}]; ok {
			out[id] = name
		} else {
			missing = append(missing, id)
		}
	}
	return out, missing
}

// put keeps names read under generation gen (read before the query, so a
// change racing with it leaves them already stale).
func (c *labelCache) put(gen uint64, tenant int64, ref, display string, names map[int64]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen < c.gen {
		return
	}
	if c.gen != gen || c.m == nil || len(c.m)+len(names) > labelCacheMax {
		c.gen, c.m = gen, make(map[labelKey]string, len(names))
	}
	for id, name := range names {
		c.m[labelKey{tenant, ref, display, id}] = name
	}
}
