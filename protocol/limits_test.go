package protocol

import "testing"

// TestIsLoopback: the one loopback rule, on both sides of it.
func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST": true, "world.localhost": true, "127.0.0.1": true, "127.8.9.1": true, "::1": true,
		"example.com": false, "localhost.example.com": false, "10.0.0.1": false, "0.0.0.0": false, "": false, "evil-localhost": false,
	} {
		if got := IsLoopback(host); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", host, got, want)
		}
	}
	for origin, want := range map[string]bool{
		"http://127.0.0.1:8080": true, "https://localhost": true, "http://[::1]:9": true,
		"ftp://localhost": false, "http://example.com": false, "::not a url": false,
	} {
		if got := IsLoopbackOrigin(origin); got != want {
			t.Errorf("IsLoopbackOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}
