package world

import "fmt"

// Error is a refusal, with the HTTP status the host answers with: 400 bad input, 403 not
// permitted, 404 no such instance or avatar, 409 the world's state does not allow it (422 a
// recipe the renderer refuses, 503 busy). It is the toolchain's one refusal type: the model's,
// the SDK registry's (an action or view the definition refused, as the engine returns it) and the
// host's own. Match a class with errors.Is(err, ErrForbidden) (or ErrInvalid, ErrNotFound,
// ErrConflict).
type Error struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
	stale   bool   // the Basis of a change was no longer current (Stale)
}

// Refuse is an Error with status and message.
func Refuse(status int, msg string) *Error { return &Error{Status: status, Message: msg} }

func (e *Error) Error() string { return e.Message }

// Is matches the class sentinels (an Error with no message) by status.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Status == e.Status
}

// The classes of Error.
var (
	ErrInvalid   = &Error{Status: 400}
	ErrForbidden = &Error{Status: 403}
	ErrNotFound  = &Error{Status: 404}
	ErrConflict  = &Error{Status: 409}
)

func errorf(status int, format string, args ...any) error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}
