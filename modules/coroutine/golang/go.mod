module benchbox/coroutine/golang

go 1.19
