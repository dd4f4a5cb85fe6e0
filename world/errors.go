package world

import "fmt"

// Error is a refusal by the model, with the HTTP status the host answers with: 400 bad input,
// 403 not permitted, 404 no such instance or avatar, 409 the world's state does not allow it.
// Match a class with errors.Is(err, ErrForbidden) (or ErrInvalid, ErrNotFound, ErrConflict).
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Is matches the class sentinels (an Error with no message) by status.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Msg == "" && t.Status == e.Status
}

// The classes of Error.
var (
	ErrInvalid   = &Error{Status: 400}
	ErrForbidden = &Error{Status: 403}
	ErrNotFound  = &Error{Status: 404}
	ErrConflict  = &Error{Status: 409}
)

func errorf(status int, format string, args ...any) error {
	return &Error{Status: status, Msg: fmt.Sprintf(format, args...)}
}
