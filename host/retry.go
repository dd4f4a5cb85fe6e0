package host

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/scapeworld/scape/host/store"
	"github.com/scapeworld/scape/host/web"
	"github.com/scapeworld/scape/protocol"
	wm "github.com/scapeworld/scape/world"
)

// Retry (docs/world.md, "The panel"): the owner asks the host to judge the latest rejected
// revision again against the world now, from the world page (POST /api/world/retry: an admin
// tab, with the owner's cookie and CSRF header). A revision rejected for placed instances alone
// is judged again from the bundle the store keeps (rejudge.go), so Retry works after a restart
// too; one rejected for its own errors gets the same verdict whatever is placed, so its reasons
// are answered without running the author's code again.

// retryAnswer is what a Retry came to.
type retryAnswer struct {
	Status   string   `json:"status"`   // "accepted" or "rejected"
	Revision int      `json:"revision"` // the accepted revision, or the one still rejected
	Problems []string `json:"problems,omitempty"`
	// JudgedAgain says whether the build ran again; false: its verdict cannot depend on the world.
	JudgedAgain bool   `json:"judgedAgain"`
	Message     string `json:"message"`
}

func (s *Server) handleRetry(w http.ResponseWriter, r *http.Request) {
	a, ok := s.requireTab(w, r)
	if !ok {
		return
	}
	if _, csrf := s.ownerCSRF(r); !grants(a).Admin || !csrf {
		writeError(w, http.StatusForbidden, codeOf(http.StatusForbidden), "only the world's owner, signed in on this page, retries a build")
		return
	}
	var req struct{}
	if !readBody(w, r, &req) {
		return
	}
	ans, err := s.Retry(r.Context())
	s.answer(w, ans, err)
}

// Retry judges the latest revision again if it was rejected for the placed instances alone,
// else answers its verdict as it stands.
func (s *Server) Retry(ctx context.Context) (retryAnswer, error) {
	last, err := s.store.LatestRevision(ctx, worldID)
	if store.IsNotFound(err) {
		return retryAnswer{}, &wm.Error{Status: http.StatusConflict, Message: "there is no build to retry yet"}
	}
	if err != nil || !keepsBundle(last) {
		return standing(last, false), err
	}
	resp, still, why, err := s.judgeAgain(ctx)
	switch {
	case err != nil:
		return retryAnswer{}, err
	case why != "":
		return retryAnswer{}, &wm.Error{Status: http.StatusConflict, Message: why}
	case still != nil:
		still.Number = last.Number
		return standing(*still, true), nil
	case resp.Revision.Number != 0:
		return standing(resp.Revision, true), nil
	}
	// Another upload or re-judgement was recorded meanwhile: its verdict is the answer.
	if last, err = s.store.LatestRevision(ctx, worldID); err != nil {
		return retryAnswer{}, err
	}
	return standing(last, true), nil
}

// standing is the answer for a verdict.
func standing(rev protocol.Revision, judged bool) retryAnswer {
	if rev.Status == "accepted" {
		return retryAnswer{Status: "accepted", Revision: rev.Number, JudgedAgain: judged, Message: fmt.Sprintf("Accepted as revision %d", rev.Number)}
	}
	ans := retryAnswer{Status: "rejected", Revision: rev.Number, JudgedAgain: judged}
	for _, d := range rev.Problems.Errors() {
		ans.Problems = append(ans.Problems, web.OwnerProblem(d))
	}
	ans.Message = "Still rejected: " + strings.Join(ans.Problems, "; ")
	if !judged {
		ans.Message += " (the build's own errors do not depend on what is placed: save a fix)"
	}
	return ans
}
