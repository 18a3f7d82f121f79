module mlnotes

go 1.26
