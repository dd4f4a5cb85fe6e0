package projdir

// Windows has no O_NOFOLLOW for os.OpenFile: the Lstat check before the open is the defence
// (creating a link there needs a privilege or developer mode, and the window is the call's).
const noFollow = 0

func isLoop(error) bool { return false }
