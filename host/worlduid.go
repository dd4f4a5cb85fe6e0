package host

// A world's uid tells it apart from every other world on the machine. Browsers send the cookies
// of 127.0.0.1 to every port of it (cookies are scoped by host, not port), so two local worlds
// that used one cookie name overwrote and signed out each other, and each read the other's
// cookie. The uid is made once per data directory, at random, and kept in the database with the
// world: the owner cookie's name carries it (ownerCookieName), so each world reads and deletes
// only its own cookie, and its value is a secret only this world's database knows.
//
// The table is created here rather than in the schema so that an older database gets it on its
// next start, its other rows untouched; the uid is never changed once written.
// ownerCookiePrefix starts every world's owner cookie name; the rest is its uid's first 12 hex
// digits (48 bits: two worlds of one machine colliding is out of reach).
const ownerCookiePrefix = "scape_owner_"

// ownerCookieName is the owner cookie of the world with this uid.
func ownerCookieName(uid string) string { return ownerCookiePrefix + uid[:12] }

// OwnerCookie is the name of this world's owner cookie (tests and tools that drive the owner's
// browser session look for it).
func (s *Server) OwnerCookie() string { return s.ownerCookie }
